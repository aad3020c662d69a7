! race: yes
! Each outer iteration's inner team writes the same elements of b.
program nested_parallel_inner_write
  implicit none
  integer :: i, j
  real :: b(50)
  !$omp parallel do private(j)
  do i = 1, 4
    !$omp parallel do
    do j = 1, 50
      b(j) = i * j
    end do
    !$omp end parallel do
  end do
  !$omp end parallel do
  print *, b(1)
end program
