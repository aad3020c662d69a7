! race: yes
! One section writes an array that another section reads.
program sections_read_write
  implicit none
  integer :: i
  real :: v(100), s
  v = 0.0
  s = 0.0
  !$omp parallel sections private(i)
  !$omp section
  do i = 1, 100
    v(i) = i
  end do
  !$omp section
  s = v(50)
  !$omp end parallel sections
  print *, s
end program
