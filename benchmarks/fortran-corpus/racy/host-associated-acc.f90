! race: yes
! An internal procedure updates a host variable from every iteration.
program host_associated_acc
  implicit none
  integer :: i
  real :: acc, v(100)
  acc = 0.0
  v = 1.0
  !$omp parallel do
  do i = 1, 100
    call add(v(i))
  end do
  !$omp end parallel do
  print *, acc
contains
  subroutine add(x)
    real :: x
    acc = acc + x
  end subroutine
end program
